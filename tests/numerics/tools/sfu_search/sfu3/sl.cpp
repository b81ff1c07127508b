#include "h_common.hpp"
static i128 fl(i128 v,int P){ if(P<=0) return v; int sh=KS-P; return (v>>sh)<<sh; }
struct Z{int P1,P2,D,K;};
template<size_t N> static i128 ev(const std::array<QuadCoeffs,N>& rom,int idx,const QuadGrid& g,uint32_t f,const Z& z){
  int64_t xl=f&0xffff; const auto&c=rom[idx]; int64_t xs=xl>>z.K; i128 sq=(i128)xs*xs; sq=(sq>>z.D)<<z.D; sq<<=2*z.K;
  return ((i128)c.c0<<(KS-g.c0_frac)) + fl(((i128)c.c1*xl)<<(KS-g.c1_frac-23),z.P1) + fl(((i128)c.c2*sq)<<(KS-g.c2_frac-46),z.P2);}
static uint32_t rcpz(uint32_t x,const Z& w){int e=(int)((x>>23)&255)-127; uint32_t f=x&0x7fffff; return packv(ev(kRcpRom,f>>16,kRcpGrid,f,w),-KS-e,2);}
static uint32_t rsqz(uint32_t x,const Z& w){int e=(int)((x>>23)&255)-127; int odd=e&1; uint32_t f=x&0x7fffff; return packv(ev(kRsqRom,(odd<<7)|(f>>16),kRsqGrid,f,w),-KS-((e-odd)/2),2);}
int main(){ auto rows=load(); std::vector<std::pair<int,std::string>> res;
 for(int P1:{0,26,27,28,29,30,31,32,33,34}) for(int P2:{0,26,27,28,29,30,31,32,33,34}) for(int D=0;D<=22;D++) for(int K:{0,1,2,3,4}){
   Z z{P1,P2,D,K}; int c=0; for(auto&r:rows) c+= rcpz(rsqz(r.s,z),z)==r.g;
   char b[128]; snprintf(b,128,"P1 %d P2 %d D %d K %d: %d",P1,P2,D,K,c); res.push_back({c,b});}
 std::sort(res.rbegin(),res.rend()); for(int i=0;i<12;i++) printf("%s\n",res[i].second.c_str());
}
